# fig10_messages: Fig. 10: messages per BoT (Section 5.2)
# botsim wrote this script and fig10_messages.dat; to re-draw fig10_messages.svg and fig10_messages.png after an edit,
# run `gnuplot fig10_messages.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig10_messages.svg'
set title 'Fig. 10: messages per BoT (Section 5.2)'
set xlabel 'tasks per BoT (each setting shifted by up to ±5 tasks)'
set ylabel 'messages'
set key outside right top vertical Left reverse
set yrange [0:1392.3]
set grid
plot 'fig10_messages.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 pt 6 ps 0.8 title '10 CAs, 1 req/s', \
     'fig10_messages.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 2.2 pt 4 ps 0.8 title '10 CAs, 100 req/s', \
     'fig10_messages.dat' index 2 using 1:2 with linespoints lc rgb '#2ca02c' dt 3 lw 1.9 pt 8 ps 0.8 title '20 CAs, 1 req/s', \
     'fig10_messages.dat' index 3 using 1:2 with linespoints lc rgb '#d62728' dt 4 lw 1.6 pt 12 ps 0.8 title '20 CAs, 100 req/s', \
     'fig10_messages.dat' index 4 using 1:2 with linespoints lc rgb '#9467bd' dt 5 lw 1.3 pt 1 ps 0.8 title '30 CAs, 1 req/s', \
     'fig10_messages.dat' index 5 using 1:2 with linespoints lc rgb '#8c564b' dt 1 lw 1 pt 2 ps 0.8 title '30 CAs, 100 req/s'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig10_messages.png'
replot
set output
