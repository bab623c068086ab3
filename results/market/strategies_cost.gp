# strategies_cost: Cost of the bag per start day
# botsim wrote this script and strategies_cost.dat; to re-draw strategies_cost.svg and strategies_cost.png after an edit,
# run `gnuplot strategies_cost.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'strategies_cost.svg'
set title 'Cost of the bag per start day'
set xlabel 'start day in the price trace'
set ylabel 'cost ($)'
set key below center horizontal Left reverse
set yrange [0:6.93442365]
set xrange [-0.6:27.6]
set xtics ('0' 0, '1' 1, '2' 2, '3' 3, '4' 4, '5' 5, '6' 6, '7' 7, '8' 8, '9' 9, '10' 10, '11' 11, '12' 12, '13' 13, '14' 14, '15' 15, '16' 16, '17' 17, '18' 18, '19' 19, '20' 20, '21' 21, '22' 22, '23' 23, '24' 24, '25' 25, '26' 26, '27' 27) rotate by 35 right
set boxwidth 0.2666666667 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'strategies_cost.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title 'on-demand', \
     'strategies_cost.dat' index 1 using 1:2 with boxes lc rgb '#ff7f0e' title 'spot', \
     'strategies_cost.dat' index 2 using 1:2 with boxes lc rgb '#2ca02c' title 'spot-fallback'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'strategies_cost.png'
replot
set output
