# fig14_messages: Fig. 14: average messages, fixed vs i-elastic (Section 5.3; mean ± sd over the heuristics' means)
# botsim wrote this script and fig14_messages.dat; to re-draw fig14_messages.svg and fig14_messages.png after an edit,
# run `gnuplot fig14_messages.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig14_messages.svg'
set title 'Fig. 14: average messages, fixed vs i-elastic (Section 5.3; mean ± sd over the heuristics'' means)'
set xlabel 'BoT distribution'
set ylabel 'average messages'
set key outside right top vertical Left reverse
set yrange [0:1482.380668]
set xrange [-0.6:3.6]
set xtics ('right-half-normal' 0, 'uniform' 1, 'normal' 2, 'left-half-normal' 3) rotate by 35 right
set boxwidth 0.4 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'fig14_messages.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title 'fixed, n = 14 heuristics', \
     'fig14_messages.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#1f77b4' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig14_messages.dat' index 1 using 1:2 with boxes lc rgb '#2ca02c' title 'i-elastic, n = 14 heuristics', \
     'fig14_messages.dat' index 1 using 1:2:3:4 with yerrorbars lc rgb '#2ca02c' dt 1 lw 1.2 pt 7 ps 0 notitle
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig14_messages.png'
replot
set output
