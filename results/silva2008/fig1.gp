# fig1: Fig. 1: 300 tasks of 5 min: charged time and speedup
# botsim wrote this script and fig1.dat; to re-draw fig1.svg and fig1.png after an edit,
# run `gnuplot fig1.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig1.svg'
set title 'Fig. 1: 300 tasks of 5 min: charged time and speedup'
set xlabel 'allocated hosts'
set ylabel 'charged hours / speedup'
set key outside right top vertical Left reverse
set yrange [0:63]
set grid
plot 'fig1.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 pt 6 ps 0.8 title 'charged time (h)', \
     'fig1.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 1 pt 4 ps 0.8 title 'speedup'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig1.png'
replot
set output
